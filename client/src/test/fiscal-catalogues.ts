import type { FiscalDataResponseDto } from '@/api/generated/model';

// A slice of the server's SAT catalogues (server/src/invoicing/sat-catalogues.ts), with their real régimenes.
const BUSINESS = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'];
const DEDUCTIONS = ['605', '606', '608', '611', '612', '614', '607', '615', '625'];
const ALL = ['601', '603', '605', '606', '608', '610', '611', '612', '614', '616', '620', '621', '622', '626'];

/** GET /api/informacion/fiscal-data without saved data: the catalogues of the fiscal-data forms' tests. */
export const CATALOGUES: FiscalDataResponseDto = {
  success: true,
  fiscalData: null,
  taxSystems: [
    { code: '601', name: 'General de Ley Personas Morales', person: false, company: true },
    { code: '605', name: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', person: true, company: false },
    {
      code: '612',
      name: 'Personas Físicas con Actividades Empresariales y Profesionales',
      person: true,
      company: false,
    },
  ],
  cfdiUses: [
    { code: 'G03', name: 'Gastos en general', person: true, company: true, taxSystems: BUSINESS },
    {
      code: 'D01',
      name: 'Honorarios médicos, dentales y gastos hospitalarios',
      person: true,
      company: false,
      taxSystems: DEDUCTIONS,
    },
    { code: 'S01', name: 'Sin efectos fiscales', person: true, company: true, taxSystems: ALL },
  ],
};
