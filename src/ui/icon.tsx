/**
 * An ionicons icon drawn without Ionic's <ion-icon> (a web component and its loader), for
 * what a phone draws at start. The markup is the icon package's own constant, never input.
 */
export function Icon({ icon }: { icon: string }) {
  const markup = icon.slice(icon.indexOf('<svg'));
  return <span className="icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: markup }} />;
}
