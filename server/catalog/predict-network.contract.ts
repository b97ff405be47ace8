import { z } from "../contracts/zod";
import { assertSameShape } from "../contracts/exact";
import type { ErrorCase } from "../contracts/envelope";
import { defineOperation } from "../contracts/operation";
import { errors } from "../errors";
import { predictNetworkQuery, type NetworkPrediction } from "./predict-network";

/** GET /api/v1/networks/predict (D16): the answer and its domain error. */
export const networkPredictionSchema = z
  .strictObject({
    phone_number: z.string().describe("E.164 without the plus.").meta({ example: "2250701020304" }),
    country_code: z.string().describe("ISO 3166-1 alpha-2 of the number's country.").meta({ example: "CI" }),
    network: z.string().describe("The network id to send as `metadata.network` (see List networks).").meta({ example: "orange" }),
  })
  .openapi("NetworkPrediction");

const networkPredictionExample: NetworkPrediction = { phone_number: "2250701020304", country_code: "CI", network: "orange" };

const networkNotFound: ErrorCase = {
  key: "network_not_found",
  summary: "Valid number, but no covered operator holds its range (landline, operator not served, wallet without a range of its own such as Wave)",
  error: errors.notFound("Network not found"),
};

assertSameShape<z.output<typeof networkPredictionSchema>, NetworkPrediction>();

/** GET /api/v1/networks/predict: served by predictNetwork. */
export const predictNetworkContract = defineOperation({
  path: "/api/v1/networks/predict",
  method: "GET",
  request: { auth: "merchant", query: predictNetworkQuery },
  operationId: "predictNetwork",
  tag: "Catalog",
  summary: "Predict a phone number's network",
  description:
    "The covered network whose range holds this number, read from the national regulator's numbering plan (prefix ranges per operator). A best guess: where mobile number portability applies (Kenya, Côte d'Ivoire) a ported number keeps its original range, and wallets without a range of their own (Wave, APS, Coris) are never predicted. 422 when the number is not valid or not in a covered country; 404 `Network not found` when no covered operator holds its range.",
  success: { description: "The predicted network", schema: networkPredictionSchema, example: networkPredictionExample, message: "Network predicted" },
  errors: [networkNotFound],
});
