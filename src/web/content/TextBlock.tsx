import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './TextBlock.module.css';
import { parseTextBlock } from './text-block.ts';

/** Renders a text block as paragraphs and bulleted lists (plain lists styled as Mantine's List:
 * that component was a script chunk of its own on the public pages). */
export function TextBlock({ text, size = 'md', c }: { text: string; size?: 'sm' | 'md' | 'lg'; c?: string }) {
  const parts = parseTextBlock(text);
  const out: ReactNode[] = [];
  for (const part of parts) {
    out.push(
      <div key={part.key}>
        {part.heading && (
          <Text fw={700} size={size} mb={4}>
            {part.heading}
          </Text>
        )}
        {part.lines.length > 0 && (
          <Text size={size} lh={1.65}>
            {part.lines.join(' ')}
          </Text>
        )}
        {part.items.length > 0 && (
          <ul className={classes.list} data-size={size} data-after-lines={part.lines.length > 0 || undefined}>
            {part.items.map((item) => (
              <li key={item.key}>{item.text}</li>
            ))}
          </ul>
        )}
      </div>,
    );
  }
  // the colour is set once and inherited by the headings, paragraphs and lists
  return (
    <Stack gap="md" c={c}>
      {out}
    </Stack>
  );
}
