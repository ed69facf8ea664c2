// A client's WebSocket to the node, relayed byte for byte over TCP: the upgrade request is handed on with the node's
// host and path, and from then on both directions are piped. What comes from the node can be held back (a lagging view
// of the chain: pushes delivered N seconds late, in order) and a push can be cut (the socket closed when the node's
// next eth_subscription arrives), which is all a fault scenario needs. A node's frames to a client are unmasked
// (RFC 6455 §5.1), so a push is recognised by its method name in the bytes; the client's masked frames are not read.
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface RelayControls {
  /** How long each chunk from the node is held before it reaches the client, from now on. */
  lagMs(): number;
  /** Told of each push from the node; 'cut' closes both sockets, 'refuse' drops the push. */
  onPush(): 'cut' | 'refuse' | undefined;
}

export interface Relay {
  close(): void;
}

const PUSH_MARK = Buffer.from('"eth_subscription"');

/** Relays an upgrade request that reached this server on to `upstream` (the node's http:// URL: same host and port). */
export function relayWebSocket(
  req: IncomingMessage,
  client: Duplex,
  head: Buffer,
  upstream: URL,
  controls: RelayControls,
): Relay {
  const node: Socket = connect({ host: upstream.hostname, port: Number(upstream.port || 80) });
  const close = () => {
    client.destroy();
    node.destroy();
  };
  client.on('error', close).on('close', close);
  node.on('error', close).on('close', close);

  node.once('connect', () => {
    const headers: string[] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!;
      headers.push(`${name}: ${name.toLowerCase() === 'host' ? upstream.host : req.rawHeaders[i + 1]}`);
    }
    node.write(`GET ${upstream.pathname} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) node.write(head);
    client.pipe(node);
  });

  // In order, each chunk no earlier than its arrival plus the lag at its arrival.
  const held: { chunk: Buffer; releaseAt: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const pump = () => {
    timer = undefined;
    while (held.length > 0 && held[0]!.releaseAt <= Date.now()) client.write(held.shift()!.chunk);
    if (held.length > 0) timer = setTimeout(pump, held[0]!.releaseAt - Date.now());
  };
  node.on('data', (chunk: Buffer) => {
    if (chunk.includes(PUSH_MARK)) {
      const action = controls.onPush();
      if (action === 'cut') return close();
      if (action === 'refuse') return;
    }
    held.push({ chunk, releaseAt: Date.now() + controls.lagMs() });
    if (!timer) pump();
  });
  node.on('close', () => clearTimeout(timer));
  return { close };
}
