/** The Stripe stand-in in a process of its own for the entry rush (scripts/bench/entry-rush.ts):
 * prints its address on the first line of its output, then serves until killed. */
import { startStripeStandIn } from '../../src/server/test/stripe-stand-in.ts';

const standIn = await startStripeStandIn(process.argv[2] ?? 'sk_test_bench_key');
console.log(standIn.url);
process.on('SIGTERM', () => {
  void standIn.close().then(() => process.exit(0));
});
