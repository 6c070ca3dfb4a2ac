import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { Faq } from './api.ts';
import classes from './FaqList.module.css';

/**
 * The contact page's questions and answers, as the WAI-ARIA accordion pattern: each question is a
 * button in a heading that says whether its answer shows (aria-expanded, aria-controls), and each
 * answer a region named by its question. Any number may be open at once. Built on the elements
 * alone rather than Mantine's Accordion, which brought ~4.5 KB gzip of script to a public page for
 * this (bench: initial JavaScript per page).
 */
export function FaqList({ faqs }: { faqs: readonly Faq[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const base = useId();
  const toggle = (id: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div className={classes.list}>
      {faqs.map((faq) => {
        const expanded = open.has(faq.id);
        const buttonId = `${base}-q${faq.id}`;
        const panelId = `${base}-a${faq.id}`;
        return (
          <div key={faq.id} className={classes.item}>
            <h3 className={classes.heading}>
              <button
                type="button"
                id={buttonId}
                className={classes.control}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(faq.id)}
              >
                <span className={classes.question}>{faq.question}</span>
                <IconChevronDown className={classes.chevron} size={18} aria-hidden />
              </button>
            </h3>
            {/* a section named by its question is a region */}
            <section id={panelId} aria-labelledby={buttonId} className={classes.answer} hidden={!expanded}>
              {faq.answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
