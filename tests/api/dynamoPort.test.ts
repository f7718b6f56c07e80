/**
 * DynamoDB Local is given a free port and binds it a second or two later; an outgoing connection of the machine may
 * take the port meanwhile. A start whose bind failed tries again on another port instead of failing the run.
 */
import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { freePort, LOCAL_AWS, startDynamoInMemory } from '../../functions/local/standins';

it('starts on another port when the one it was given was taken before it could bind it', async () => {
  const squatter = createServer();
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  const taken = (squatter.address() as { port: number }).port;
  const offered: number[] = [];
  const pickPort = async () => {
    const port = offered.length === 0 ? taken : await freePort();
    offered.push(port);
    return port;
  };
  const dynamo = await startDynamoInMemory(pickPort);
  try {
    expect(offered[0]).toBe(taken);
    expect(offered).toHaveLength(2);
    expect(dynamo.endpoint).toBe(`http://127.0.0.1:${offered[1]}`);
    const client = new DynamoDBClient({ endpoint: dynamo.endpoint, ...LOCAL_AWS });
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    client.destroy();
  } finally {
    await dynamo.stop();
    squatter.close();
  }
});
