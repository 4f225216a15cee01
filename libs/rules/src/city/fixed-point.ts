/** Whole units (up to 3 decimals) to thousandths, exactly. */
export function toThousandths(units: number): number {
  return Math.round(units * 1000);
}

/** Thousandths to the number sent in JSON (exact to 3 decimals in its shortest form). */
export function fromThousandths(thousandths: number): number {
  return thousandths / 1000;
}

/** Rounds thousandths down to a multiple of 10^(3 - decimals): gains and displays. */
export function floorTo(thousandths: number, decimals: number): number {
  const step = 10 ** (3 - decimals);
  return Math.floor(thousandths / step) * step;
}

/** Rounds thousandths up to a multiple of 10^(3 - decimals): costs. */
export function ceilTo(thousandths: number, decimals: number): number {
  const step = 10 ** (3 - decimals);
  return Math.ceil(thousandths / step) * step;
}

/** Ceiling that ignores floating-point dust below a billionth (Math.pow(9, 1.5) may be 27.000000000000004). */
export function ceilClean(value: number): number {
  return Math.ceil(Math.round(value * 1e9) / 1e9);
}
