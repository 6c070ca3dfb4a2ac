import { List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { parseTextBlock } from './text-block.ts';

/** Renders a text block as paragraphs and bulleted lists. */
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
          <List size={size} spacing={4} mt={part.lines.length > 0 ? 6 : 0} c={c}>
            {part.items.map((item) => (
              <List.Item key={item.key}>{item.text}</List.Item>
            ))}
          </List>
        )}
      </div>,
    );
  }
  return <Stack gap="md">{out}</Stack>;
}
