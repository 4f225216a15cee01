import type { Socket } from 'node:net';

export const FAULTS = ['none', 'fail', 'hang'] as const;
export type Fault = (typeof FAULTS)[number];

interface HangingRequest {
  node: number;
  socket: Socket;
  release(): void;
}

/**
 * What POST /dev/node-fault sets on each node (port) of the sim: 'fail' makes its JSON-RPC
 * routes answer 503 at once, 'hang' makes them never answer until the fault is cleared.
 */
export class NodeFaults {
  private readonly faults: Fault[];
  private readonly hanging = new Set<HangingRequest>();

  constructor(readonly count: number) {
    this.faults = Array<Fault>(count).fill('none');
  }

  set(node: number, fault: Fault): void {
    this.faults[node] = fault;
    if (fault === 'hang') return;
    for (const request of this.hanging) {
      if (request.node !== node) continue;
      this.hanging.delete(request);
      request.release();
    }
  }

  /** The node's fault for a request on `socket`; while the node hangs, waits until it no longer does. */
  async settle(node: number, socket: Socket): Promise<Exclude<Fault, 'hang'>> {
    for (;;) {
      const fault = this.faults[node];
      if (fault !== 'hang') return fault;
      await new Promise<void>((resolve) => {
        // A request whose client gave up is dropped: what it asked is never done.
        const forget = () => this.hanging.delete(request);
        const request: HangingRequest = {
          node,
          socket,
          release: () => {
            socket.off('close', forget);
            resolve();
          },
        };
        this.hanging.add(request);
        socket.once('close', forget);
      });
    }
  }

  /** Cuts the connections of the node's hanging requests, so that closing it does not wait for them. */
  destroyHanging(node: number): void {
    for (const request of this.hanging) if (request.node === node) request.socket.destroy();
  }
}
