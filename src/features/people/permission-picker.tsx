import { PERMISSION_AREAS, peopleMessages } from '../../../domain/messages/people';

/**
 * The §6 permissions as checkboxes grouped by area, in Spanish. What the role already gives is
 * ticked and fixed ('por su rol'); what the person filling the form does not hold cannot be
 * ticked or unticked (the server refuses it too: domain/people.ts).
 */
export function PermissionPicker({
  legend,
  hint,
  chosen,
  onChange,
  fromRole = [],
  grantable,
}: {
  legend: string;
  hint?: string;
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  fromRole?: readonly string[];
  grantable: ReadonlySet<string>;
}) {
  const toggle = (name: string, on: boolean) => onChange(on ? [...chosen, name] : chosen.filter((p) => p !== name));
  return (
    <fieldset className="permission-picker">
      <legend>{legend}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      {PERMISSION_AREAS.map((area) => (
        <fieldset key={area.area} className="permission-picker__area">
          <legend>{area.area}</legend>
          {area.permissions.map((permission) => {
            const byRole = fromRole.includes(permission.name);
            return (
              <label key={permission.name} className="permission-picker__option">
                <input
                  type="checkbox"
                  checked={byRole || chosen.includes(permission.name)}
                  disabled={byRole || !grantable.has(permission.name)}
                  onChange={(event) => toggle(permission.name, event.target.checked)}
                />
                <span>
                  {permission.label}
                  {byRole && <span className="permission-picker__note"> · {peopleMessages.fromRole}</span>}
                </span>
              </label>
            );
          })}
        </fieldset>
      ))}
    </fieldset>
  );
}
