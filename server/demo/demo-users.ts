import { JOB_POSITIONS } from '../../domain/job-positions';

/** The demo accounts listed in the README; ids follow this order, so the administrator is id 1. */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoUser {
  email: string;
  name: string;
  last: string;
  jobPosition: string;
  subJobPosition?: string;
  role: 'Administrador' | 'Ventas' | 'Despacho' | 'Consulta' | 'Chofer' | 'Almacén';
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@demo.mx', name: 'Alejandra', last: 'Garza Treviño', jobPosition: JOB_POSITIONS.management, role: 'Administrador' },
  { email: 'ventas@demo.mx', name: 'Laura', last: 'Villarreal', jobPosition: 'Ventas', subJobPosition: 'Mayoreo', role: 'Ventas' },
  { email: 'oficina@demo.mx', name: 'Jorge', last: 'Treviño Leal', jobPosition: 'Despacho', role: 'Despacho' },
  { email: 'chofer@demo.mx', name: 'Miguel', last: 'Hernández', jobPosition: JOB_POSITIONS.deliveryDriver, role: 'Chofer' },
  { email: 'chofer2@demo.mx', name: 'José', last: 'Martínez', jobPosition: JOB_POSITIONS.deliveryDriver, role: 'Chofer' },
  { email: 'ejecutivo@demo.mx', name: 'Ricardo', last: 'Salinas', jobPosition: JOB_POSITIONS.executiveDriver, role: 'Chofer' },
  { email: 'almacen@demo.mx', name: 'Almacén', last: 'General', jobPosition: JOB_POSITIONS.warehouse, role: 'Almacén' },
  { email: 'ventas2@demo.mx', name: 'Ana', last: 'Cantú', jobPosition: 'Ventas', subJobPosition: 'Restaurantes', role: 'Ventas' },
  { email: 'consulta@demo.mx', name: 'Carmen', last: 'Ríos', jobPosition: 'Despacho', role: 'Consulta' },
];
