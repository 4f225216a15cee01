import axios from 'axios';

/** One chain node as the health check found it. */
export interface ChainNodeState {
  url: string;
  up: boolean;
  /** The newest block it serves, when up. */
  headBlock?: number;
  latencyMs: number;
  error?: string;
  /** This process skips it for now, after repeated failures of its own calls. */
  skipped: boolean;
}

export interface NodeProbe {
  /** Where the JSON-RPC call goes, relative to the node's address. */
  path: string;
  method: string;
  params: unknown;
  headBlock(result: unknown): number | undefined;
  skipped(url: string): boolean;
}

const PROBE_TIMEOUT_MS = 2000;
/** Health may be polled often; the nodes are asked at most this often per process. */
const PROBE_CACHE_MS = 5000;

/** Asks every node one cheap question at once, for the health check; the answer is kept a few seconds. */
export class ChainNodeProber {
  private last: { at: number; states: Promise<ChainNodeState[]> } | null = null;

  constructor(
    private readonly nodes: readonly string[],
    private readonly probe: NodeProbe,
  ) {}

  states(): Promise<ChainNodeState[]> {
    if (!this.last || Date.now() - this.last.at > PROBE_CACHE_MS) {
      this.last = { at: Date.now(), states: Promise.all(this.nodes.map((url) => this.probeNode(url))) };
    }
    return this.last.states;
  }

  private async probeNode(url: string): Promise<ChainNodeState> {
    const started = Date.now();
    const skipped = this.probe.skipped(url);
    try {
      const { data } = await axios.post<{ result?: unknown; error?: { message: string } }>(
        `${url.replace(/\/+$/, '')}${this.probe.path}`,
        { jsonrpc: '2.0', id: 1, method: this.probe.method, params: this.probe.params },
        { timeout: PROBE_TIMEOUT_MS, maxRedirects: 0 },
      );
      if (data.error) throw new Error(data.error.message);
      return { url, up: true, headBlock: this.probe.headBlock(data.result), latencyMs: Date.now() - started, skipped };
    } catch (error) {
      return { url, up: false, latencyMs: Date.now() - started, error: (error as Error).message, skipped };
    }
  }
}
