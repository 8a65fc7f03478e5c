import type { RfcKind } from './rfc';

/**
 * The SAT's catalogues the client's fiscal data uses (CFDI 4.0, Anexo 20), as data: c_RegimenFiscal
 * with whether a person (física) or a company (moral) may hold each régimen, and c_UsoCFDI with the
 * same split and the régimenes of the receiver each use allows.
 */
export interface TaxSystem {
  code: string;
  name: string;
  person: boolean;
  company: boolean;
}

export const TAX_SYSTEMS: readonly TaxSystem[] = [
  { code: '601', name: 'General de Ley Personas Morales', person: false, company: true },
  { code: '603', name: 'Personas Morales con Fines no Lucrativos', person: false, company: true },
  { code: '605', name: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', person: true, company: false },
  { code: '606', name: 'Arrendamiento', person: true, company: false },
  { code: '607', name: 'Régimen de Enajenación o Adquisición de Bienes', person: true, company: false },
  { code: '608', name: 'Demás ingresos', person: true, company: false },
  {
    code: '610',
    name: 'Residentes en el Extranjero sin Establecimiento Permanente en México',
    person: true,
    company: true,
  },
  { code: '611', name: 'Ingresos por Dividendos (socios y accionistas)', person: true, company: false },
  {
    code: '612',
    name: 'Personas Físicas con Actividades Empresariales y Profesionales',
    person: true,
    company: false,
  },
  { code: '614', name: 'Ingresos por intereses', person: true, company: false },
  { code: '615', name: 'Régimen de los ingresos por obtención de premios', person: true, company: false },
  { code: '616', name: 'Sin obligaciones fiscales', person: true, company: false },
  {
    code: '620',
    name: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos',
    person: false,
    company: true,
  },
  { code: '621', name: 'Incorporación Fiscal', person: true, company: false },
  {
    code: '622',
    name: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras',
    person: false,
    company: true,
  },
  { code: '623', name: 'Opcional para Grupos de Sociedades', person: false, company: true },
  { code: '624', name: 'Coordinados', person: false, company: true },
  {
    code: '625',
    name: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
    person: true,
    company: false,
  },
  { code: '626', name: 'Régimen Simplificado de Confianza', person: true, company: true },
];

export interface CfdiUse {
  code: string;
  name: string;
  person: boolean;
  company: boolean;
  /** The receiver's régimenes this use is allowed for (c_UsoCFDI's "Régimen Fiscal Receptor"). */
  taxSystems: readonly string[];
}

// The régimenes the SAT allows for expenses and investments (G and I uses).
const BUSINESS = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'];
// Personal deductions (D uses): persons only.
const DEDUCTIONS = ['605', '606', '608', '611', '612', '614', '607', '615', '625'];
// Sin efectos fiscales and the global invoice's S01: every régimen.
const ALL = [
  '601',
  '603',
  '605',
  '606',
  '608',
  '610',
  '611',
  '612',
  '614',
  '616',
  '620',
  '621',
  '622',
  '623',
  '624',
  '607',
  '615',
  '625',
  '626',
];

/**
 * The uses a studio's sale ("Ingreso" of a service) can carry. CP01 (Pagos) and CN01 (Nómina) belong
 * to payment and payroll CFDIs, never to this one, so they are left out.
 */
export const CFDI_USES: readonly CfdiUse[] = [
  { code: 'G01', name: 'Adquisición de mercancías', person: true, company: true, taxSystems: BUSINESS },
  {
    code: 'G02',
    name: 'Devoluciones, descuentos o bonificaciones',
    person: true,
    company: true,
    taxSystems: BUSINESS,
  },
  { code: 'G03', name: 'Gastos en general', person: true, company: true, taxSystems: BUSINESS },
  { code: 'I01', name: 'Construcciones', person: true, company: true, taxSystems: BUSINESS },
  {
    code: 'I02',
    name: 'Mobiliario y equipo de oficina por inversiones',
    person: true,
    company: true,
    taxSystems: BUSINESS,
  },
  { code: 'I03', name: 'Equipo de transporte', person: true, company: true, taxSystems: BUSINESS },
  { code: 'I04', name: 'Equipo de computo y accesorios', person: true, company: true, taxSystems: BUSINESS },
  {
    code: 'I05',
    name: 'Dados, troqueles, moldes, matrices y herramental',
    person: true,
    company: true,
    taxSystems: BUSINESS,
  },
  { code: 'I06', name: 'Comunicaciones telefónicas', person: true, company: true, taxSystems: BUSINESS },
  { code: 'I07', name: 'Comunicaciones satelitales', person: true, company: true, taxSystems: BUSINESS },
  { code: 'I08', name: 'Otra maquinaria y equipo', person: true, company: true, taxSystems: BUSINESS },
  {
    code: 'D01',
    name: 'Honorarios médicos, dentales y gastos hospitalarios',
    person: true,
    company: false,
    taxSystems: DEDUCTIONS,
  },
  {
    code: 'D02',
    name: 'Gastos médicos por incapacidad o discapacidad',
    person: true,
    company: false,
    taxSystems: DEDUCTIONS,
  },
  { code: 'D03', name: 'Gastos funerales', person: true, company: false, taxSystems: DEDUCTIONS },
  { code: 'D04', name: 'Donativos', person: true, company: false, taxSystems: DEDUCTIONS },
  {
    code: 'D05',
    name: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)',
    person: true,
    company: false,
    taxSystems: DEDUCTIONS,
  },
  { code: 'D06', name: 'Aportaciones voluntarias al SAR', person: true, company: false, taxSystems: DEDUCTIONS },
  {
    code: 'D07',
    name: 'Primas por seguros de gastos médicos',
    person: true,
    company: false,
    taxSystems: DEDUCTIONS,
  },
  {
    code: 'D08',
    name: 'Gastos de transportación escolar obligatoria',
    person: true,
    company: false,
    taxSystems: DEDUCTIONS,
  },
  {
    code: 'D09',
    name: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones',
    person: true,
    company: false,
    taxSystems: DEDUCTIONS,
  },
  {
    code: 'D10',
    name: 'Pagos por servicios educativos (colegiaturas)',
    person: true,
    company: false,
    taxSystems: DEDUCTIONS,
  },
  { code: 'S01', name: 'Sin efectos fiscales', person: true, company: true, taxSystems: ALL },
];

export const taxSystemOf = (code: string): TaxSystem | undefined => TAX_SYSTEMS.find((s) => s.code === code);
export const cfdiUseOf = (code: string): CfdiUse | undefined => CFDI_USES.find((u) => u.code === code);

/** Whether a person or a company may hold the régimen. */
export function taxSystemFits(code: string, kind: RfcKind): boolean {
  const system = taxSystemOf(code);
  return system !== undefined && (kind === 'person' ? system.person : system.company);
}

/** The uses the SAT allows for a régimen (and, when known, for a person or a company). */
export function usesFor(taxSystem: string, kind?: RfcKind): CfdiUse[] {
  return CFDI_USES.filter(
    (use) =>
      use.taxSystems.includes(taxSystem) && (kind === undefined || (kind === 'person' ? use.person : use.company)),
  );
}

export function useAllowed(use: string, taxSystem: string, kind?: RfcKind): boolean {
  return usesFor(taxSystem, kind).some((u) => u.code === use);
}
