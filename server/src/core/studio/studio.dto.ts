import { ApiProperty } from '@nestjs/swagger';
import { StrikeRuleDto, StudioContactDto } from '../settings/dto/settings.dto';

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
    description: 'A client may cancel for free until this many hours before the class starts (Ajustes).',
  })
  cancelHours!: number;

  @ApiProperty({ example: true, description: 'After the deadline a client may still free their place (not returned).' })
  lateCancelReleases!: boolean;

  @ApiProperty({ example: true, description: 'No-shows are marked at the end of the day when nobody took attendance.' })
  autoNoShows!: boolean;

  @ApiProperty({
    type: StrikeRuleDto,
    description: 'When enabled: N no-shows or late cancellations in D days block booking for B days.',
  })
  strikeRule!: StrikeRuleDto;

  @ApiProperty({ type: StudioContactDto, description: 'How to reach the studio, as the site shows it.' })
  contact!: StudioContactDto;
}
