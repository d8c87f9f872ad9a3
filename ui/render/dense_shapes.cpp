#include "ui/render/dense_shapes.hpp"

#include "ui/render/batched_world_renderer.hpp"

namespace aabb::ui {

bool DenseShapes::batched() const {
    return renderer_ != nullptr && renderer_->ready();
}

void DenseShapes::new_frame() {
    used_ = 0;
    if (renderer_ != nullptr) renderer_->new_frame();
}

ShapeBatch& DenseShapes::batch() {
    if (used_ == batches_.size()) batches_.emplace_back();
    ShapeBatch& batch = batches_[used_++];
    batch.clear();
    return batch;
}

bool DenseShapes::paint(const BatchedShapes& shapes, const Camera& camera, ImDrawList& draw_list) {
    if (batched()) {
        renderer_->draw(shapes, camera, draw_list);
        return true;
    }
    return paint_with_draw_list(shapes, camera, draw_list);
}

}  // namespace aabb::ui
