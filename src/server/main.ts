// The server's entry: `node src/server/main.ts`. Before the rest of the server is even loaded,
// the maps of Node's nextTick entries are pinned (tick-maps.ts explains why it must come first);
// then start.ts configures, migrates, seeds and listens.
import './tick-maps.ts';

const { main } = await import('./start.ts');
await main();
