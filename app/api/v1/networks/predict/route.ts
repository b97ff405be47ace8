import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { predictNetwork } from "@/server/catalog/predict-network";
import { predictNetworkContract } from "@/server/catalog/predict-network.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(predictNetworkContract.request, async ({ query }) => success(predictNetwork(query.phone_number), "Network predicted")),
});
