/**
 * All of Mantine's styles, in its `@layer mantine` form. Imported by each lazy module that shows
 * components a painted public page does not (the side menu, account menus and modals, toasts,
 * alerts, pages behind a login), so that the first paint carries only app/first-paint-styles.ts.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
