ALTER TABLE "cfdis" ADD COLUMN "clave" varchar(4);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "regimen_fiscal" varchar(3);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cp_fiscal" varchar(5);--> statement-breakpoint
-- The SAT key of each uso already listed, read from names that start with one ('G01 Adquisición de mercancías').
UPDATE "cfdis" SET "clave" = substring("name" from '^(G0[1-3]|I0[1-8]|D0[1-9]|D10|S01|CP01|CN01|P01)([^A-Za-z0-9]|$)') WHERE "clave" IS NULL;--> statement-breakpoint
-- The SAT's current c_UsoCFDI entries a business does not list yet (among ids above 100, the ones
-- spec §5 keeps). On an empty database they take ids 101… in this order, the ids the demo seed names
-- (101 G01, 102 G03, 103 S01, 104 CP01); on a database with its own entries, ids after its last one.
INSERT INTO "cfdis" ("id", "name", "clave")
SELECT CASE WHEN top.max_id <= 100 THEN 100 + v.ord ELSE top.max_id + row_number() OVER (ORDER BY v.ord) END,
  v.clave || ' ' || v.descripcion, v.clave
FROM (VALUES
  (1, 'G01', 'Adquisición de mercancías'),
  (2, 'G03', 'Gastos en general'),
  (3, 'S01', 'Sin efectos fiscales'),
  (4, 'CP01', 'Pagos'),
  (5, 'G02', 'Devoluciones, descuentos o bonificaciones'),
  (6, 'I01', 'Construcciones'),
  (7, 'I02', 'Mobiliario y equipo de oficina por inversiones'),
  (8, 'I03', 'Equipo de transporte'),
  (9, 'I04', 'Equipo de computo y accesorios'),
  (10, 'I05', 'Dados, troqueles, moldes, matrices y herramental'),
  (11, 'I06', 'Comunicaciones telefónicas'),
  (12, 'I07', 'Comunicaciones satelitales'),
  (13, 'I08', 'Otra maquinaria y equipo'),
  (14, 'D01', 'Honorarios médicos, dentales y gastos hospitalarios'),
  (15, 'D02', 'Gastos médicos por incapacidad o discapacidad'),
  (16, 'D03', 'Gastos funerales'),
  (17, 'D04', 'Donativos'),
  (18, 'D05', 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)'),
  (19, 'D06', 'Aportaciones voluntarias al SAR'),
  (20, 'D07', 'Primas por seguros de gastos médicos'),
  (21, 'D08', 'Gastos de transportación escolar obligatoria'),
  (22, 'D09', 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones'),
  (23, 'D10', 'Pagos por servicios educativos (colegiaturas)'),
  (24, 'CN01', 'Nómina')
) AS v(ord, clave, descripcion)
CROSS JOIN (SELECT coalesce(max("id"), 0) AS max_id FROM "cfdis") AS top
WHERE NOT EXISTS (SELECT 1 FROM "cfdis" f WHERE f."clave" = v.clave AND f."id" > 100);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('cfdis', 'id'), (SELECT max("id") FROM "cfdis"));
