import { ApiProperty } from '@nestjs/swagger';

/** The body of a call whose only answer is that it worked. */
export class SuccessResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;
}
