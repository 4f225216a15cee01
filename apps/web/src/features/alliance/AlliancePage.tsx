/** The Alliance screen (spec section 2). */
export function AlliancePage() {
  return <h1>Alliance</h1>;
}
