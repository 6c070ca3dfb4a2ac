import { Badge, type CSSVariablesResolver, createTheme } from '@mantine/core';
import badgeClasses from '../ui/Badge.module.css';
import { filledBadgeLook, lightTextVariables } from '../ui/readable-colours.ts';

/** The association's look: a cold blue primary, readable type, rounded cards. Shades are chosen
 * for WCAG AA contrast (4.5:1) of normal text: white on blue.8, error red.8 and dimmed gray.7 on
 * white. Badges and the light variants are made readable here, once, whatever colour a page gives
 * them (ui/readable-colours.ts); badges wrap rather than cut their text (ui/Badge.module.css). */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Badge: Badge.extend({
      classNames: { root: badgeClasses.root, label: badgeClasses.label },
      vars: (theme, props) => {
        if ((props.variant ?? 'filled') !== 'filled') return { root: {} };
        const look = filledBadgeLook(theme, props.color ?? theme.primaryColor);
        return { root: look ? { '--badge-bg': look.background, '--badge-color': look.color } : {} };
      },
    }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...lightTextVariables(resolved),
  },
  dark: {},
});
