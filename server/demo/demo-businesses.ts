/**
 * What each deployment's demo business deals in: a produce wholesaler by the kilo, an
 * event-rental business by the piece. The shape of the demo (people, sales, routes, debts)
 * is the same for both (demo-seed.ts); the words, goods and rhythm are the business's own.
 */
import type { DeploymentId } from '../../domain/deployment';

export type Random = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
};

/** [name, unit, price, weight in kg of one unit] */
export type DemoItem = [string, string, number, number];

export interface DemoBusiness {
  /** Reference lists that differ by business; the rest are shared. */
  categories: string[];
  customerTypes: string[];
  rejections: string[];
  expenseTypes: string[];
  units: readonly string[];
  items: DemoItem[];
  /** A product made from raw material (the production demo), where the business produces. */
  recipe: { item: string; component: string; quantity: number } | null;
  isRawMaterial(name: string): boolean;
  companies: string[];
  /** The words a legal name drops from the trade name ('Restaurante La Nogalera' → 'La Nogalera S.A. de C.V.'). */
  tradePrefix: RegExp;
  deliveryReferences: (string | null)[];
  deliveryTimes: string[];
  warehouse: { name: string; address: string; email: string };
  vehicles: string[];
  providers: string[];
  notes: [string, string][];
  saleNotes: (string | null)[];
  internalNotes: (string | null)[];
  routeNotes: (string | null)[];
  rejectionComments: string[];
  supportTickets: [string, string][];
  /** The CRM demo in the business's own trade: prospects, and what activities and calls note. */
  crm: { leads: string[]; activityNotes: (string | null)[]; callNotes: (string | null)[] };
  /** How many sales and quotations are dated `date`, `offset` days from today. */
  salesOnDay(offset: number, date: string, random: Random): number;
  /** The customer that owes one sale in each older aging bucket: the collections demo. */
  collectionsDemoCustomer: string;
  /** The last day ahead that has sales: a wholesaler's week, an event business's booked months. */
  lastSaleDay: number;
  quantity(weight: number, random: Random): number;
  /** Rented goods come back: a route the day after the event picks up what was delivered, with this note. */
  pickUpNote: string | null;
}

const frutas: DemoBusiness = {
  categories: ['Frutas', 'Verduras', 'Hierbas', 'Chiles', 'Abarrotes'],
  customerTypes: ['Restaurante', 'Abarrotes', 'Hotel', 'Comedor industrial', 'Frutería'],
  rejections: ['Cliente cerrado', 'Producto en mal estado', 'Pedido duplicado', 'Sin pago'],
  expenseTypes: ['Combustible', 'Mantenimiento', 'Renta', 'Servicios', 'Papelería'],
  units: ['kg', 'caja', 'pieza', 'manojo'],
  items: [
    ['Aguacate Hass', 'kg', 58, 1],
    ['Limón sin semilla', 'kg', 32, 1],
    ['Tomate saladette', 'kg', 24, 1],
    ['Tomate bola', 'kg', 28, 1],
    ['Cebolla blanca', 'kg', 22, 1],
    ['Cebolla morada', 'kg', 30, 1],
    ['Chile jalapeño', 'kg', 26, 1],
    ['Chile serrano', 'kg', 34, 1],
    ['Chile poblano', 'kg', 38, 1],
    ['Papa blanca', 'kg', 21, 1],
    ['Papa cambray', 'kg', 36, 1],
    ['Zanahoria', 'kg', 14, 1],
    ['Calabacita italiana', 'kg', 25, 1],
    ['Pepino', 'kg', 18, 1],
    ['Lechuga romana', 'pieza', 16, 0.6],
    ['Lechuga orejona', 'pieza', 15, 0.5],
    ['Repollo', 'pieza', 20, 1.5],
    ['Brócoli', 'kg', 40, 1],
    ['Coliflor', 'pieza', 32, 1.2],
    ['Ajo', 'kg', 95, 1],
    ['Cilantro', 'manojo', 8, 0.15],
    ['Perejil', 'manojo', 8, 0.15],
    ['Epazote', 'manojo', 10, 0.12],
    ['Hierbabuena', 'manojo', 10, 0.1],
    ['Plátano Tabasco', 'kg', 19, 1],
    ['Plátano macho', 'kg', 26, 1],
    ['Manzana Red Delicious', 'kg', 45, 1],
    ['Manzana Golden', 'kg', 48, 1],
    ['Pera de Anjou', 'kg', 52, 1],
    ['Naranja para jugo', 'kg', 14, 1],
    ['Toronja', 'kg', 20, 1],
    ['Mandarina', 'kg', 28, 1],
    ['Piña miel', 'pieza', 35, 2],
    ['Papaya maradol', 'kg', 24, 1],
    ['Melón chino', 'pieza', 38, 1.8],
    ['Sandía', 'kg', 12, 1],
    ['Mango Ataulfo', 'kg', 42, 1],
    ['Fresa', 'caja', 120, 2],
    ['Uva verde sin semilla', 'kg', 78, 1],
    ['Guayaba', 'kg', 30, 1],
    ['Nopal', 'kg', 22, 1],
    ['Elote', 'pieza', 9, 0.4],
    ['Ejote', 'kg', 34, 1],
    ['Chayote', 'kg', 18, 1],
    ['Camote', 'kg', 24, 1],
    ['Betabel', 'kg', 20, 1],
    ['Rábano', 'manojo', 9, 0.3],
    ['Apio', 'pieza', 22, 0.8],
    ['Espinaca', 'manojo', 14, 0.3],
    ['Champiñón', 'kg', 85, 1],
    ['Pimiento morrón rojo', 'kg', 55, 1],
    ['Pimiento morrón verde', 'kg', 40, 1],
    ['Jitomate cherry', 'caja', 65, 1],
    ['Tomatillo verde', 'kg', 26, 1],
    ['Chile habanero', 'kg', 70, 1],
    ['Jengibre', 'kg', 90, 1],
    ['Kiwi', 'kg', 80, 1],
    ['Durazno', 'kg', 55, 1],
    ['Arándano', 'caja', 95, 0.5],
    ['Caja de tomate saladette 20 kg', 'caja', 420, 20],
  ],
  recipe: { item: 'Tomate saladette', component: 'Caja de tomate saladette 20 kg', quantity: 0.05 },
  isRawMaterial: (name) => name.startsWith('Caja de'),
  companies: [
    'Restaurante La Nogalera',
    'Taquería El Pastorcito',
    'Hotel Ancira Centro',
    'Comedor Industrial Apodaca',
    'Abarrotes Doña Lupita',
    'Frutería Los Treviño',
    'Cocina Económica Mary',
    'Restaurante El Regio',
    'Cabrito El Rey',
    'Tortas La Barda',
    'Mariscos El Puerto',
    'Cafetería Universitaria',
    'Súper Garza Sada',
    'Tienda La Esquina',
    'Comedor Fundidora',
    'Hotel Valle Oriente',
    'Restaurante Pangea',
    'Taquería Juanito',
    'Frutas y Jugos La Fuente',
    'Banquetes Monterrey',
    'Cocina del Obispado',
    'Restaurante Los Cabritos',
    'Abarrotes San Nicolás',
    'Comedor Escolar Cumbres',
    'Pizzería Don Nico',
    'Loncherías La Purísima',
    'Hotel Santa Rosa',
    'Restaurante Chapultepec',
    'Tacos de Trompo El Güero',
    'Minisúper Linda Vista',
    'Hospital San José Cafetería',
    'Cocina Tradicional Lupe',
    'Asadero El Vaquero',
    'Restaurante Barrio Antiguo',
    'Jugos y Licuados Mitras',
    'Comedor Ternium',
    'Fonda Doña Chela',
    'Restaurante Sierra Madre',
    'Catering Del Valle',
    'Abarrotes La Silla',
  ],
  tradePrefix: /^(Restaurante|Hotel|Taquería) /,
  deliveryReferences: [
    'Entrada por la calle lateral',
    'Preguntar por el encargado de cocina',
    'Portón verde',
    'Andén 2, junto al estacionamiento',
    null,
  ],
  deliveryTimes: ['07:00 a 09:00', '08:00 a 11:00', '09:00 a 13:00', 'Antes de las 10:00'],
  warehouse: {
    name: 'Matriz Abastos',
    address: 'Av. Central de Abastos 123, Bodega 45, Guadalupe, N.L.',
    email: 'contacto@frutasdelnorte.mx',
  },
  vehicles: ['Nissan NP300 blanca', 'Isuzu ELF 400', 'Ford Transit refrigerada', 'Hino 3.5 t', 'Chevrolet Tornado'],
  providers: [
    'Central de Abastos Estrella',
    'Agrícola San Juan',
    'Huertas de Montemorelos',
    'Invernaderos Saltillo',
    'Aguacates de Uruapan',
    'Cítricos del Norte',
    'Empaques y Cajas Regias',
    'Bodega Don Pancho',
  ],
  notes: [
    ['Cambio de horario', 'A partir del lunes la bodega abre a las 5:30.'],
    ['Cliente con adeudo', 'Abarrotes Doña Lupita: cobrar saldo vencido antes de surtir.'],
    ['Inventario físico', 'El sábado se hace inventario físico; no surtir después de las 14:00.'],
    ['Ruta de Apodaca', 'La ruta de Apodaca sale con la Isuzu mientras la Hino está en servicio.'],
    ['Factura pendiente', 'Hotel Ancira pide reenviar la factura de la semana pasada.'],
  ],
  saleNotes: [null, null, 'Entregar por la puerta de servicio', 'Llamar antes de llegar', 'Fruta madura para hoy'],
  internalNotes: [null, null, 'Cliente puntual en pagos', 'Revisar calidad del aguacate'],
  routeNotes: [null, 'Cargar primero lo de Apodaca', 'Llevar diablito', null],
  rejectionComments: ['Cliente cerrado', 'No pidieron este pedido', 'Producto no cumple calidad'],
  supportTickets: [
    ['oficina@demo.mx', 'La impresora de la oficina no imprime el detalle de envío.'],
    ['ventas@demo.mx', 'No aparece el cliente Hotel Santa Rosa en la búsqueda.'],
  ],
  // Every day but one a week (Sunday, in the past) has three to six orders.
  crm: {
    leads: [
      'Café La Vereda',
      'Hotel Fundidora Inn',
      'Comedor Industrial Salinas',
      'Taquería Los Primos',
      'Restaurante Casa Nogal',
      'Frutería El Mercadito',
      'Jugos Verde Vida',
      'Catering San Agustín',
      'Cocina Doña Tere',
      'Banquetes La Hacienda',
      'Súper El Ahorro',
      'Panadería La Espiga',
    ],
    activityNotes: [null, 'Preguntar por el pedido de la semana', 'Llevar muestras de aguacate'],
    callNotes: [null, 'Pidió precios de la semana', 'Reclamo por producto golpeado'],
  },
  salesOnDay: (offset, _date, random) => (offset < 0 && (offset + 60) % 7 === 6 ? 1 : random.int(3, 6)),
  lastSaleDay: 7,
  collectionsDemoCustomer: 'Fonda Doña Chela',
  quantity: (weight, random) => (weight >= 1 ? random.int(2, 40) : random.int(5, 60)),
  pickUpNote: null,
};

const eventos: DemoBusiness = {
  categories: ['Mobiliario', 'Mantelería', 'Carpas', 'Loza y cristalería', 'Iluminación', 'Audio'],
  customerTypes: ['Particular', 'Salón de eventos', 'Organizador de bodas', 'Empresa', 'Escuela'],
  rejections: ['Evento cancelado', 'Lugar cerrado', 'Mobiliario dañado', 'Sin anticipo'],
  expenseTypes: ['Combustible', 'Mantenimiento', 'Renta', 'Lavandería', 'Reposición de loza'],
  units: ['pieza', 'juego', 'servicio'],
  items: [
    ['Silla plegable blanca', 'pieza', 15, 3.5],
    ['Silla Tiffany dorada', 'pieza', 45, 4],
    ['Silla Tiffany chocolate', 'pieza', 45, 4],
    ['Silla Crossback de madera', 'pieza', 65, 5],
    ['Mesa redonda 10 personas', 'pieza', 90, 18],
    ['Mesa rectangular 2.40 m', 'pieza', 80, 20],
    ['Mesa imperial de madera', 'pieza', 450, 45],
    ['Mesa periquera', 'pieza', 120, 12],
    ['Mantel redondo blanco', 'pieza', 40, 1],
    ['Mantel rectangular blanco', 'pieza', 35, 1],
    ['Camino de mesa de lino', 'pieza', 30, 0.3],
    ['Cubremantel satinado', 'pieza', 25, 0.5],
    ['Funda para silla con moño', 'pieza', 18, 0.3],
    ['Carpa 10 x 10 m', 'servicio', 3500, 300],
    ['Carpa 6 x 12 m', 'servicio', 2800, 250],
    ['Carpa araña 5 x 5 m', 'servicio', 1200, 80],
    ['Piso de madera (m²)', 'pieza', 95, 15],
    ['Pista de baile iluminada (m²)', 'pieza', 180, 20],
    ['Plato trinche de porcelana', 'pieza', 6, 0.6],
    ['Plato base dorado', 'pieza', 12, 0.8],
    ['Juego de cubiertos', 'juego', 8, 0.3],
    ['Copa de vino', 'pieza', 7, 0.2],
    ['Vaso jaibolero', 'pieza', 5, 0.25],
    ['Servilleta de tela', 'pieza', 6, 0.1],
    ['Guirnalda de focos 10 m', 'pieza', 220, 2],
    ['Reflector LED', 'pieza', 250, 3],
    ['Candil de cristal', 'pieza', 650, 8],
    ['Calentador de exterior', 'pieza', 550, 25],
    ['Bocina con micrófono', 'pieza', 900, 15],
    ['Periquera con funda lycra', 'pieza', 160, 12],
    ['Lounge de 4 piezas', 'juego', 1800, 80],
    ['Tarima 1.20 x 2.40 m', 'pieza', 350, 40],
  ],
  recipe: null,
  isRawMaterial: () => false,
  companies: [
    'Salón Jardín Las Palmas',
    'Quinta Los Robles',
    'Boda Garza Treviño',
    'XV Años Sofía Cantú',
    'Bodas y Eventos Elizondo',
    'Colegio Americano del Norte',
    'Parroquia San Pedro',
    'Eventos Corporativos Valle',
    'Hacienda San Antonio',
    'Banquetes La Herradura',
    'Jardín El Encino',
    'Posada Grupo Industrial Regio',
    'Graduación Prepa Tec Cumbres',
    'Bautizo Familia Salinas',
    'Terraza Chipinque',
    'Club Campestre Monterrey',
    'Wedding Planner Mariana Leal',
    'Cumpleaños Roberto Villarreal',
    'Expo Fundidora Stands',
    'Quinta Real del Valle',
    'Organizadora Fiestas Lupita',
    'Restaurante Barrio Antiguo Eventos',
    'Boda Rodríguez De la Garza',
    'Congreso Médico Regio',
  ],
  tradePrefix: /^(Boda|XV Años|Bautizo|Cumpleaños|Graduación|Posada) /,
  deliveryReferences: [
    'Entrada por el estacionamiento',
    'Preguntar por la coordinadora del evento',
    'Portón negro, tocar el timbre',
    'Jardín al fondo del salón',
    null,
  ],
  deliveryTimes: ['Montaje 10:00 a 13:00', 'Montaje 14:00 a 17:00', 'Montaje un día antes', 'Antes de las 12:00'],
  warehouse: { name: 'Bodega Centro', address: 'Av. Constitución 890, Centro, Monterrey, N.L.', email: 'contacto@eventosdelnorte.mx' },
  vehicles: ['Camión de redilas 3.5 t', 'Isuzu ELF con caja seca', 'Nissan NP300 con rampa', 'Hino 5 t para carpas'],
  providers: [
    'Mueblería Industrial del Norte',
    'Textiles Monterrey',
    'Lonas y Carpas Regias',
    'Porcelanas Santa Anita',
    'Iluminación Escénica MTY',
    'Lavandería Industrial Apodaca',
  ],
  notes: [
    ['Temporada de bodas', 'Noviembre y diciembre vienen llenos: confirmar anticipos antes de apartar mobiliario.'],
    ['Sillas Tiffany', 'Quedan 40 sillas Tiffany doradas en reparación; no comprometer más de 160.'],
    ['Recolecciones del domingo', 'Las recolecciones del domingo salen a las 9:00 con la Hino.'],
    ['Lavandería', 'La mantelería del fin de semana se entrega a la lavandería el lunes temprano.'],
    ['Depósitos', 'Revisar depósitos por devolver de los eventos de la semana pasada.'],
  ],
  saleNotes: [null, null, 'Montar antes de las 14:00', 'Evento en jardín: llevar piso de madera', 'Llamar a la coordinadora al llegar'],
  internalNotes: [null, null, 'Cliente frecuente: depósito de 1,000', 'Revisar que las sillas vayan sin manchas'],
  routeNotes: [null, 'Cargar primero las carpas', 'Llevar escalera y extensiones', null],
  rejectionComments: ['Evento pospuesto', 'El salón no abrió para el montaje', 'Faltó el anticipo'],
  supportTickets: [
    ['oficina@demo.mx', 'La impresora de la oficina no imprime el detalle de envío.'],
    ['ventas@demo.mx', 'No aparece el cliente Quinta Los Robles en la búsqueda.'],
  ],
  // Events are on weekends: two to four each Friday and Saturday, one some other days; today and
  // tomorrow always have some, so a demo on any weekday has deliveries to follow.
  crm: {
    leads: [
      'Salón Los Encinos',
      'Jardín La Ceiba',
      'Wedding Planner Regia',
      'Colegio Americano del Norte',
      'Parroquia San Pedro',
      'Club Campestre Valle Alto',
      'Agencia Eventos Cumbres',
      'Quinta Las Palmas',
      'Fiestas Infantiles Arcoíris',
      'Hotel Fundidora Inn',
      'Corporativo Torre Sur',
      'Universidad del Valle',
    ],
    activityNotes: [null, 'Preguntar la fecha y el número de invitados', 'Llevar catálogo de mantelería y sillas'],
    callNotes: [null, 'Pidió cotización para 150 invitados', 'Pregunta si el montaje incluye carpa'],
  },
  salesOnDay: (offset, date, random) => {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 5 || weekday === 6) return random.int(2, 4);
    if (offset === 0 || offset === 1) return random.int(1, 2);
    return random.chance(0.3) ? 1 : 0;
  },
  lastSaleDay: 30,
  collectionsDemoCustomer: 'Quinta Los Robles',
  quantity: (weight, random) => (weight >= 50 ? 1 : weight >= 10 ? random.int(4, 20) : random.int(20, 150)),
  pickUpNote: 'Recolección del mobiliario de los eventos de ayer',
};

export const DEMO_BUSINESSES: Record<DeploymentId, DemoBusiness> = { frutas, eventos };
