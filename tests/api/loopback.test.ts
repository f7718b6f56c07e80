/**
 * Local mode keeps its stand-ins off the network (issue 19 item 9): DynamoDB Local (which holds password hashes
 * and has no authentication), s3rver, the SES stand-in with its mail viewer, and the portal itself answer on
 * loopback only. Each port is tried on this machine's own network addresses, where nothing may answer.
 */
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { startHerald } from '../support/herald';

let herald: LocalHerald;
beforeAll(async () => {
  herald = await startHerald();
});
afterAll(() => herald?.stop());

/** Whether a TCP connection to host:port opens. */
function opens(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const outward = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a && !a.internal && !a.address.startsWith('fe80:'))
  .map((a) => a!.address);

describe('local stand-ins', () => {
  it.skipIf(outward.length === 0)("listen on loopback only: nothing answers on the machine's network addresses", async () => {
    const standIns = inject('standIns');
    const ports = {
      dynamodb: Number(new URL(standIns.dynamodb).port),
      s3: Number(new URL(standIns.s3).port),
      ses: Number(new URL(standIns.ses).port),
      portal: Number(new URL(herald.url).port),
    };
    for (const [name, port] of Object.entries(ports)) {
      expect(await opens('127.0.0.1', port), `${name} on loopback`).toBe(true);
      for (const address of outward) expect(await opens(address, port), `${name} on ${address}`).toBe(false);
    }
  });
});
