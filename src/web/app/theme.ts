import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/** The association's look: a cold blue primary, readable type, rounded cards. Shades are chosen
 * for WCAG AA contrast (4.5:1) of normal text: white on blue.8, error red.8 and dimmed gray.7 on
 * white. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
