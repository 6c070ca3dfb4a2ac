import type { ReactNode } from 'react';
import classes from './cards.module.css';

/** A card's facts: each label beside its value (a description list, read as pairs). */
export function CardFacts({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={classes.facts}>
      {facts.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export { classes as cardClasses };
