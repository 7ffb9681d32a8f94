import { runFromCli } from './main.js';

/** `npm run worker`: the worker role alone (outbox relay, queue consumers, scheduled jobs). */
void runFromCli('worker');
