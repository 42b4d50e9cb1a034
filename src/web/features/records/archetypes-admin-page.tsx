// Issue 20 (a helper fills this in).
export function ArchetypesAdminPage() {
  return <h1 className="text-2xl font-bold">Archetype signatures</h1>;
}
