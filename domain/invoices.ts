/**
 * CFDI uses (spec §5): the catalogue's entries up to 100 are the old catalogue's and are not
 * kept; a customer still holding one has, for the invoices screen, no CFDI use.
 */
export const LEGACY_CFDI_MAX_ID = 100;

export const isCurrentCfdi = (id: number | null): id is number => id !== null && id > LEGACY_CFDI_MAX_ID;
