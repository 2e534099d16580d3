import {
  clusterWorkerAnswers,
  type ClusterRequest,
  type ClusterResponse,
} from './cluster-messages.ts';

// Clustering 100,000 chargers runs here, off the main thread, so the page never stalls.
interface WorkerScope {
  onmessage: ((message: MessageEvent<ClusterRequest>) => void) | null;
  postMessage: (message: ClusterResponse) => void;
}
const scope = self as unknown as WorkerScope;
const answer = clusterWorkerAnswers();

scope.onmessage = (message: MessageEvent<ClusterRequest>) => {
  const response = answer(message.data);
  if (response) scope.postMessage(response);
};
