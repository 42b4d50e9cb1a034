// Issue 20 (a helper fills this in).
export function ReportPage() {
  return <h1 className="text-2xl font-bold">Event report</h1>;
}
