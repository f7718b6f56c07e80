/**
 * The queue port on AWS sends each pipeline message with its lane as the SQS message group id (SQS fair queues):
 * the SendMessage request as it leaves the SDK, read by a loopback server at the queue's URL that answers as SQS's
 * JSON protocol does.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneOf } from '../delivery/lanes';
import { awsDeliveryPorts } from './awsPorts';

const requests: Record<string, unknown>[] = [];
let server: Server;
const saved: Record<string, string | undefined> = {};
const ENV = ['HERALD_QUEUE_URLS', 'AWS_ENDPOINT_URL_SQS', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const input = JSON.parse(body) as { MessageBody: string };
      requests.push({ target: req.headers['x-amz-target'], ...input });
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ MessageId: `m-${requests.length}`, MD5OfMessageBody: createHash('md5').update(input.MessageBody).digest('hex') }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  for (const name of ENV) saved[name] = process.env[name];
  const { port } = server.address() as AddressInfo;
  Object.assign(process.env, {
    HERALD_QUEUE_URLS: JSON.stringify({ delivery: `http://127.0.0.1:${port}/000000000000/delivery` }),
    // the SDK's own setting for the service's address (else it warns that the queue's host differs from SQS's)
    AWS_ENDPOINT_URL_SQS: `http://127.0.0.1:${port}`,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
});

afterAll(async () => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await new Promise((r) => server.close(r));
});

describe('the queue port on AWS', () => {
  it('sends a message in its lane as the message group id, and one without a lane with none', async () => {
    const ports = awsDeliveryPorts('us-east-1');
    expect(await ports.queue.send('delivery', { kind: 'check' }, laneOf(7, 'SMS'))).toBe('m-1');
    await ports.queue.send('delivery', { kind: 'check' });
    expect(requests).toEqual([
      { target: 'AmazonSQS.SendMessage', QueueUrl: expect.stringMatching(/\/delivery$/), MessageBody: '{"kind":"check"}', MessageGroupId: '7#SMS' },
      { target: 'AmazonSQS.SendMessage', QueueUrl: expect.stringMatching(/\/delivery$/), MessageBody: '{"kind":"check"}' },
    ]);
  });
});
