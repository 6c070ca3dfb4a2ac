import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { NARROW_QUERY } from '../app/paths.ts';

/** A segmented control whose choices stand one above the other at 768 px or less, where a row of
 * long labels would run off the screen (Orders & Payments' filters, Points Upload's formats). */
export function SegmentedStackedOnPhone(props: SegmentedControlProps) {
  const narrow = useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false }) === true;
  return (
    <SegmentedControl
      {...props}
      orientation={narrow ? 'vertical' : 'horizontal'}
      fullWidth={narrow || props.fullWidth}
    />
  );
}
