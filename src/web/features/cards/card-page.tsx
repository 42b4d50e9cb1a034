/** /cards/{passcode}: one card (issue 32 §2). */
export function CardPage() {
  return <h1 className="text-2xl font-semibold">Card</h1>;
}
