import { ApiProperty } from '@nestjs/swagger';

export class StudioResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({
    example: 'America/Mexico_City',
    description: 'The studio\'s IANA time zone (STUDIO_TZ): the client computes "today" and class times in it.',
  })
  timeZone!: string;
}
