import { ApiProperty } from '@nestjs/swagger';

export class StudioResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({
    example: 'America/Mexico_City',
    description: 'The studio\'s IANA time zone (STUDIO_TZ): the client computes "today" and class times in it.',
  })
  timeZone!: string;

  @ApiProperty({
    example: 12,
    description: 'A client may cancel for free until this many hours before the class starts (CANCEL_HOURS).',
  })
  cancelHours!: number;
}
