import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ValidateIf,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Clearable } from '../../core/dto/null-fields';
import { Trim } from '../../core/dto/transforms';
import { IsVisibleText, NormalizeText } from '../../core/dto/text';
import { IsDateOnly, IsOnOrAfter, IsPesos, MAX_ID, IsRowId } from '../../core/dto/validators';
import { PlanClassTypeDto, UserPlanDto } from '../../planes';
import { PLAN_KINDS, type PlanKind } from '../../planes/entities';

const KIND_MESSAGE = 'El tipo de plan debe ser «pack» o «membership»';
const WEEKLY_LIMIT_MESSAGE = 'Las clases por semana deben ser un número entero entre 1 y 7 (vacío: ilimitadas)';

const CLASSES_MESSAGE = 'Las clases deben ser un número entero entre 0 y 100';
const PAID_MESSAGE = 'Indica si el plan está pagado';
const END_BEFORE_START = 'La fecha de término debe ser igual o posterior a la de inicio';
const PLAN_ID_MESSAGE = 'El plan no es válido';
const PRICE_MESSAGE = 'El precio debe ser un número mayor que 0 con hasta dos decimales';
const CATALOGUE_CLASSES_MESSAGE = 'Las clases deben ser un número entero entre 1 y 100';
const INTRO_MESSAGE = 'Indica si el plan es solo para la primera vez (true o false)';
const CLASS_TYPES_MESSAGE = 'Los tipos de clase no son válidos';

/** The class types a catalogue plan is limited to: a list of ids, empty for every type. */
const ClassTypeIds = (): PropertyDecorator => (target, key) => {
  Max(MAX_ID, { each: true, message: CLASS_TYPES_MESSAGE })(target, key);
  Min(1, { each: true, message: CLASS_TYPES_MESSAGE })(target, key);
  IsInt({ each: true, message: CLASS_TYPES_MESSAGE })(target, key);
  ArrayMaxSize(20, { message: CLASS_TYPES_MESSAGE })(target, key);
  IsArray({ message: CLASS_TYPES_MESSAGE })(target, key);
  IsOptional()(target, key);
};

// class-validator runs a field's decorators bottom-up and the global pipe stops at the first
// failure, so each field's "required" rule is written last.

/** planes/add-plan-admin: a plan of the catalogue given to a user. */
export class AddPlanAdminDto {
  @ApiProperty({ description: 'El plan del catálogo.' })
  @Max(MAX_ID, { message: PLAN_ID_MESSAGE })
  @Min(1, { message: PLAN_ID_MESSAGE })
  @IsInt({ message: PLAN_ID_MESSAGE })
  @IsNotEmpty({ message: 'Selecciona un plan' })
  selectplan!: number;

  @ApiProperty({ description: 'Clases restantes, 0 a 100.', minimum: 0, maximum: 100 })
  @Max(100, { message: CLASSES_MESSAGE })
  @Min(0, { message: CLASSES_MESSAGE })
  @IsInt({ message: CLASSES_MESSAGE })
  @IsNotEmpty({ message: 'Las clases restantes son obligatorias' })
  number!: number;

  @ApiProperty({ example: '2026-11-23' })
  @IsDateOnly()
  @IsNotEmpty({ message: 'La fecha de inicio es obligatoria' })
  startdate!: string;

  @ApiProperty({ example: '2026-12-22', description: 'Igual o posterior a startdate.' })
  @IsOnOrAfter('startdate', { message: END_BEFORE_START })
  @IsDateOnly()
  @IsNotEmpty({ message: 'La fecha de término es obligatoria' })
  enddate!: string;

  @ApiProperty({ enum: [0, 1], description: '1 Pagado, 0 No Pagado.' })
  @IsIn([0, 1], { message: PAID_MESSAGE })
  @IsNotEmpty({ message: PAID_MESSAGE })
  pagado!: 0 | 1;

  @ApiProperty({ description: 'El usuario que recibe el plan.' })
  @IsRowId('El usuario no es válido')
  id_user!: number;
}

/** admin/change-data-plan: every field optional but the plan. */
export class ChangeDataPlanDto {
  @ApiPropertyOptional({ description: 'Clases restantes, 0 a 100.', minimum: 0, maximum: 100 })
  @IsOptional()
  @Max(100, { message: CLASSES_MESSAGE })
  @Min(0, { message: CLASSES_MESSAGE })
  @IsInt({ message: CLASSES_MESSAGE })
  clases?: number;

  @ApiPropertyOptional({ example: '2026-11-23' })
  @IsOptional()
  @IsDateOnly()
  dateInit?: string;

  @ApiPropertyOptional({ example: '2026-12-22' })
  @IsOptional()
  @IsOnOrAfter('dateInit', { message: END_BEFORE_START })
  @IsDateOnly()
  dateEnd?: string;

  @ApiPropertyOptional({ enum: [0, 1], description: '1 Pagado, 0 No Pagado.' })
  @IsOptional()
  @IsIn([0, 1], { message: PAID_MESSAGE })
  paid?: 0 | 1;

  @ApiProperty({ description: 'El plan del usuario a cambiar.' })
  @Max(MAX_ID, { message: PLAN_ID_MESSAGE })
  @Min(1, { message: PLAN_ID_MESSAGE })
  @IsInt({ message: PLAN_ID_MESSAGE })
  id_plan!: number;
}

export class UserPlanResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Información de plan cambiada con éxito' })
  message!: string;

  @ApiProperty({ type: UserPlanDto })
  plan!: UserPlanDto;
}

// The catalogue editor.

// Shown to every visitor in the catalogue: composed Unicode, nothing hidden or direction-changing.
const PlanName = () => (target: object, key: string) => {
  Trim()(target, key);
  NormalizeText()(target, key);
  MaxLength(80, { message: 'El nombre no puede tener más de 80 caracteres' })(target, key);
  IsVisibleText({
    message:
      'El nombre del plan no puede tener caracteres invisibles, de control ni que cambien la dirección del texto.',
  })(target, key);
};

export class AddCatalogPlanDto {
  @ApiProperty({ example: 'Diez Clases', maxLength: 80 })
  @PlanName()
  @IsString({ message: 'El nombre es obligatorio' })
  @IsNotEmpty({ message: 'El nombre es obligatorio' })
  name!: string;

  @ApiProperty({ example: 1700, description: 'Pesos, hasta dos decimales.', minimum: 1, maximum: 100000 })
  @Max(100000, { message: PRICE_MESSAGE })
  @Min(1, { message: PRICE_MESSAGE })
  @IsPesos({ message: PRICE_MESSAGE })
  @IsNotEmpty({ message: 'El precio es obligatorio' })
  price!: number;

  @ApiPropertyOptional({
    enum: PLAN_KINDS,
    default: 'pack',
    description: 'pack: clases pagadas una vez; membership: se cobra cada mes a la tarjeta (Mercado Pago).',
  })
  @IsOptional()
  @IsIn(PLAN_KINDS, { message: KIND_MESSAGE })
  kind?: PlanKind;

  // Required by the validator for a pack only, so the document does not list it as required:
  // the admin's form sends none for a membership.
  @ApiProperty({
    example: 10,
    minimum: 1,
    maximum: 100,
    required: false,
    description: 'Obligatorio en un paquete; una membresía no lo usa.',
  })
  @ValidateIf((dto: AddCatalogPlanDto) => dto.kind !== 'membership')
  @Max(100, { message: CATALOGUE_CLASSES_MESSAGE })
  @Min(1, { message: CATALOGUE_CLASSES_MESSAGE })
  @IsInt({ message: CATALOGUE_CLASSES_MESSAGE })
  @IsNotEmpty({ message: 'Las clases son obligatorias' })
  classes!: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 7,
    description: 'Membresía: clases por semana (lunes a domingo); null: ilimitadas (una clase al día).',
  })
  @Clearable()
  @Max(7, { message: WEEKLY_LIMIT_MESSAGE })
  @Min(1, { message: WEEKLY_LIMIT_MESSAGE })
  @IsInt({ message: WEEKLY_LIMIT_MESSAGE })
  weeklyLimit?: number | null;

  @ApiPropertyOptional({
    default: false,
    description: '"Solo primera vez": solo quien nunca tuvo un plan ni tomó una clase puede comprarlo.',
  })
  @IsOptional()
  @IsBoolean({ message: INTRO_MESSAGE })
  intro?: boolean;

  @ApiPropertyOptional({
    type: [Number],
    maxItems: 20,
    description: 'Los tipos de clase que el plan incluye (GET /api/admin/class-types); vacío: todos.',
  })
  @ClassTypeIds()
  classTypeIds?: number[];
}

export class ChangeCatalogPlanDto {
  @ApiProperty()
  @Max(MAX_ID, { message: PLAN_ID_MESSAGE })
  @Min(1, { message: PLAN_ID_MESSAGE })
  @IsInt({ message: PLAN_ID_MESSAGE })
  id!: number;

  @ApiPropertyOptional({ maxLength: 80 })
  @PlanName()
  @IsOptional()
  @IsNotEmpty({ message: 'El nombre es obligatorio' })
  @IsString({ message: 'El nombre no es válido' })
  name?: string;

  @ApiPropertyOptional({ description: 'Pesos, hasta dos decimales.', minimum: 1, maximum: 100000 })
  @IsOptional()
  @Max(100000, { message: PRICE_MESSAGE })
  @Min(1, { message: PRICE_MESSAGE })
  @IsPesos({ message: PRICE_MESSAGE })
  price?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @IsOptional()
  @Max(100, { message: CATALOGUE_CLASSES_MESSAGE })
  @Min(1, { message: CATALOGUE_CLASSES_MESSAGE })
  @IsInt({ message: CATALOGUE_CLASSES_MESSAGE })
  classes?: number;

  @ApiPropertyOptional({ description: '"Solo primera vez".' })
  @IsOptional()
  @IsBoolean({ message: INTRO_MESSAGE })
  intro?: boolean;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 7,
    description: 'Membresía: clases por semana; null: ilimitadas. Las membresías ya contratadas conservan la suya.',
  })
  @Clearable()
  @Max(7, { message: WEEKLY_LIMIT_MESSAGE })
  @Min(1, { message: WEEKLY_LIMIT_MESSAGE })
  @IsInt({ message: WEEKLY_LIMIT_MESSAGE })
  weeklyLimit?: number | null;

  @ApiPropertyOptional({
    type: [Number],
    maxItems: 20,
    description: 'Los tipos de clase que el plan incluye (GET /api/admin/class-types); vacío: todos.',
  })
  @ClassTypeIds()
  classTypeIds?: number[];
}

export class CatalogPlanIdDto {
  @ApiProperty()
  @Max(MAX_ID, { message: PLAN_ID_MESSAGE })
  @Min(1, { message: PLAN_ID_MESSAGE })
  @IsInt({ message: PLAN_ID_MESSAGE })
  id!: number;
}

/** A plan of the catalogue as the admin sees it: hidden ones too. */
export class AdminCatalogPlanDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Ocho Clases' })
  name!: string;

  @ApiProperty({ example: 1500, description: 'Pesos, sin la comisión.' })
  price!: number;

  @ApiProperty({ example: 8 })
  classes!: number;

  @ApiProperty({ description: 'Visible para los clientes.' })
  visible!: boolean;

  @ApiProperty({ description: '"Solo primera vez": solo para quien nunca tuvo un plan ni tomó una clase.' })
  intro!: boolean;

  @ApiProperty({ enum: PLAN_KINDS, description: 'pack: clases pagadas una vez; membership: cobro mensual.' })
  kind!: PlanKind;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Membresía: clases por semana; null: ilimitadas (o un paquete).',
  })
  weeklyLimit!: number | null;

  @ApiProperty({ type: [PlanClassTypeDto], description: 'Los tipos de clase que el plan incluye; vacío: todos.' })
  classTypes!: PlanClassTypeDto[];
}

export class AdminCatalogResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [AdminCatalogPlanDto] })
  planes!: AdminCatalogPlanDto[];
}

export class AdminCatalogPlanResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Plan agregado al catálogo' })
  message!: string;

  @ApiProperty({ type: AdminCatalogPlanDto })
  plan!: AdminCatalogPlanDto;
}
