// Not built yet: the model gets an error result saying so, never a fake success.
import { notAvailableYet } from "../executor.server";
import { queryPinecone } from "./definition";

export const execute = notAvailableYet(queryPinecone);
