// Issue 20 (a helper fills this in).
export function MetaPage() {
  return <h1 className="text-2xl font-bold">The format's meta</h1>;
}
