// Calibration for the idle-socket figure: the ws library alone on a bare HTTP server, started
// like ours (with --expose-gc; SIGUSR2 collects garbage, then the resident memory is printed).
import http from 'node:http';
import { WebSocketServer } from 'ws';

const server = http.createServer();
const wss = new WebSocketServer({ noServer: true });
server.on('upgrade', (request, socket, head) =>
  wss.handleUpgrade(request, socket, head, (ws) => ws.on('message', () => {})),
);
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  setTimeout(() => console.log(`rss ${process.memoryUsage().rss}`), 500);
});
