import { FAULT_MSG } from '../../domain/faults.ts';

/**
 * The page a browser gets when the database cannot be reached (plugins/errors.ts answers 503 with
 * it): complete in itself (no script, no styles: the security policy allows neither inline), and a reload once a minute has passed.
 */
export function unavailablePage(message: string = FAULT_MSG.busy): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="60">
<title>Please try again in a minute</title>
</head>
<body>
<main>
<h1>Please try again in a minute</h1>
<p>${message}</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>
`;
}
