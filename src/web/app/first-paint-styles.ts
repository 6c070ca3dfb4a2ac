/**
 * Mantine's styles for what a painted public page shows, before anything is clicked: its base,
 * then the components found in the painted pages' HTML (and their loading and empty states). The
 * whole of Mantine's CSS (34 KB gzip) held up the first paint of every page; this is what it
 * needs. Everything else (menus, drawers, modals, forms behind a login, the admin area) comes with
 * the lazy module that shows it, through ui/all-styles.ts.
 *
 * Every file is the `.layer.css` form (`@layer mantine`): the app's own CSS modules, outside any
 * layer, win over Mantine's whatever order the files arrive in, and the full set loaded later
 * only repeats these rules. A browser test (e2e/server-rendered.spec.ts) checks that every Mantine
 * class in a painted public page is styled by the stylesheets that page links.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Blockquote.layer.css';
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Input.layer.css';
