import { ApiProperty } from '@nestjs/swagger';

/** The failure body of every endpoint. */
export class ErrorResponseDto {
  @ApiProperty({ example: false, enum: [false] })
  success!: false;

  @ApiProperty({
    description: 'A string, a list of strings, `{message}`, or an object of field name → list of messages (spec §8).',
    oneOf: [
      { type: 'string' },
      { type: 'array', items: { type: 'string' } },
      { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
      { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    ],
  })
  error!: string | string[] | { message: string } | Record<string, string[]>;

  @ApiProperty({
    example: 'VALIDATION_ERROR',
    description: 'Machine code; the client decides from it, never from the text.',
  })
  code!: string;
}
