/**
 * fabric8 Kubernetes objects to plain trees and back, without Jackson at run time. {@code
 * Fabric8Trees} is generated at build time ({@code src/codegen/Fabric8TreesGenerator.java}) from
 * Jackson's own view of the model: the same properties, in the same order, with the same inclusion
 * rules. Jackson's introspection of those classes was most of the function's start-up time;
 * generated code does the same work as plain method calls.
 *
 * <pre>
 * DaemonSet ds = Fabric8Trees.read(Nodes.toPlain(node), DaemonSet.class, FieldPath.root()); // TreeShapeException
 * Map&lt;String, Object&gt; tree = Fabric8Trees.write(ds);  // what Jackson's convertValue(ds, Map.class) gives
 * </pre>
 *
 * Owns: the reading rules for scalars ({@code TreeInput}), messages that name the field where a
 * value does not fit ({@link io.unboundedcloud.racer.krm.tree.FieldPath}), and the writing of the
 * two value types with their own form (IntOrString, Quantity).
 *
 * <p>Never: touches YAML nodes (that is {@code krm.yaml}), decides what an object should hold (that
 * is {@code krm.render}), or uses Jackson's ObjectMapper.
 */
package io.unboundedcloud.racer.krm.codec;
