/** The Attack screen (spec section 2). */
export function AttackPage() {
  return <h1>Attack</h1>;
}
