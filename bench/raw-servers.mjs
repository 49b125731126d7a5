// Baselines for the benchmarks, each run in its own process like the server under test.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const kind = process.argv[2];
if (kind === 'http') {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"hello":"world"}');
  });
  server.listen(0, '127.0.0.1', () => process.send?.(server.address().port));
} else {
  // Every message with a `broadcast` payload goes to every other client, serialised once each.
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' }, () => process.send?.(wss.address().port));
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const { broadcast } = JSON.parse(String(data));
      for (const client of wss.clients) if (client !== ws) client.send(JSON.stringify(broadcast));
    });
  });
}
