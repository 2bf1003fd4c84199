// Agent instructions with their template variables filled in (chat §2, hub §2): current_date (UTC),
// user.name, user.email, org.id, org.name. Written as {{name}} (spaces allowed); unknown names stay.
export function renderInstructions(
  template: string,
  vars: { user: { name: string; email: string }; org: { id: string; name: string }; now?: Date },
) {
  const now = vars.now ?? new Date();
  const values: Record<string, string> = {
    current_date: now.toISOString().slice(0, 10),
    "user.name": vars.user.name,
    "user.email": vars.user.email,
    "org.id": vars.org.id,
    "org.name": vars.org.name,
  };
  return template.replace(/\{\{\s*([a-z_.]+)\s*\}\}/gi, (whole, name: string) => values[name] ?? whole);
}
