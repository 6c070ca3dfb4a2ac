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
          <Text fw={700} size={size} mb={4} c={c}>
            {part.heading}
          </Text>
        )}
        {part.lines.length > 0 && (
          <Text size={size} c={c} lh={1.65}>
            {part.lines.join(' ')}
          </Text>
        )}
        {part.items.length > 0 && (
          <ul
            className={classes.list}
            data-size={size}
            data-after-lines={part.lines.length > 0 || undefined}
            style={c ? { color: `var(--mantine-color-${c.replace('.', '-')})` } : undefined}
          >
            {part.items.map((item) => (
              <li key={item.key}>{item.text}</li>
            ))}
          </ul>
        )}
      </div>,
    );
  }
  return <Stack gap="md">{out}</Stack>;
}
