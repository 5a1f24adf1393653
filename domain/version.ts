/** The product version the spec describes; shown in the menu, login and settings. */
export const APP_VERSION = '4.34.7';
