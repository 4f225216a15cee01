import { useCountUp, type CountUpOptions } from './use-count-up';

interface CountUpProps extends CountUpOptions {
  /** A whole number (thousandths, troops): the counting steps are rounded to whole numbers. */
  value: number;
  format: (value: number) => string;
  className?: string;
  testId?: string;
}

/** A number that counts from what it showed to its new value (a harvest, a conversion, a battle's losses). */
export function CountUp({ value, format, className, testId, ...options }: CountUpProps) {
  const shown = useCountUp(value, options);
  return (
    <span className={className} data-testid={testId}>
      {format(Math.round(shown))}
    </span>
  );
}
