import { ApiProperty } from '@nestjs/swagger';

/** The pager of every list answer. */
export class PaginationDto {
  @ApiProperty({ example: 1 })
  currentPage!: number;

  @ApiProperty({ example: 3 })
  totalPages!: number;

  @ApiProperty({ example: 27 })
  totalRecords!: number;
}

export function pageOf(page: number, limit: number, totalRecords: number): PaginationDto {
  return { currentPage: page, totalPages: Math.max(1, Math.ceil(totalRecords / limit)), totalRecords };
}
