import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsRowId, MAX_PAGE } from './validators';

/** The body of the per-user lists (get-clases, get-planes): whose list, which page, how long. */
export class PagedUserRequestDto {
  @ApiPropertyOptional({ description: 'El usuario; por omisión, el de la sesión. Solo un admin puede nombrar a otro.' })
  @IsOptional()
  @IsRowId('El usuario no es válido')
  id?: number;

  @ApiPropertyOptional({ description: 'Página, desde 1.', default: 1 })
  @IsOptional()
  @Max(MAX_PAGE, { message: 'La página no es válida' })
  @Min(1, { message: 'La página no es válida' })
  @IsInt({ message: 'La página no es válida' })
  pagination?: number;

  @ApiPropertyOptional({ description: 'Tamaño de página (10 clases, 5 planes por omisión).', maximum: 50 })
  @IsOptional()
  @Max(50, { message: 'El tamaño de página no es válido' })
  @Min(1, { message: 'El tamaño de página no es válido' })
  @IsInt({ message: 'El tamaño de página no es válido' })
  limit?: number;
}
