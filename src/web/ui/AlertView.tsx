import './all-styles.ts';
import { Alert } from '@mantine/core';

/** Mantine's Alert as a module of its own, for LazyAlert. */
export default Alert;
