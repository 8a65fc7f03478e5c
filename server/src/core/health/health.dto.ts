import { ApiProperty } from '@nestjs/swagger';

export class HealthResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ enum: ['up', 'down'], description: 'Whether one trivial query reached the database.' })
  database!: 'up' | 'down';

  @ApiProperty({ enum: ['sqlite', 'mysql'] })
  driver!: 'sqlite' | 'mysql';
}
